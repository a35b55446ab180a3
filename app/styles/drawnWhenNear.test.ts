import { describe, expect, it } from "vitest";
import { drawnWhenNear } from "./drawnWhenNear";

describe("a part drawn only as it nears the screen", () => {
  it("is deferred, and keeps its real height once drawn", () => {
    expect(drawnWhenNear(640)).toEqual({ contentVisibility: "auto", containIntrinsicSize: "auto 640px" });
  });

  it("takes another height from each wider screen", () => {
    expect(drawnWhenNear(1550, { 640: 720, 1200: 390 })).toEqual({
      contentVisibility: "auto",
      containIntrinsicSize: "auto 1550px",
      "@media": {
        "screen and (min-width: 640px)": { containIntrinsicSize: "auto 720px" },
        "screen and (min-width: 1200px)": { containIntrinsicSize: "auto 390px" },
      },
    });
  });
});
