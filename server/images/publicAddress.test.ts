import { describe, expect, it } from "vitest";
import { isPublicAddress, resolvesPublicly } from "./publicAddress";

describe("public addresses", () => {
  it("the public internet is public", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "203.1.2.3", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("this machine, the machines beside it, cloud metadata, documentation and multicast ranges are not", () => {
    for (const address of [
      "127.0.0.1",
      "127.8.9.10",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "192.0.2.10",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "fc12::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:169.254.169.254",
      "2001:db8::1",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("a name resolving to this machine is not public; an address literal is judged as it is", async () => {
    expect(await resolvesPublicly("localhost")).toBe(false);
    expect(await resolvesPublicly("127.0.0.1")).toBe(false);
    expect(await resolvesPublicly("[::1]")).toBe(false);
    expect(await resolvesPublicly("8.8.8.8")).toBe(true);
    expect(await resolvesPublicly("no-such-host.invalid")).toBe(false);
  });
});
