/** The photo source contract on the HTTP adapter, against the fake dealer photo host. */
import { createHttpPhotoSource } from "@server/images/httpPhotoSource";
import { describePhotoSourceContract } from "./photoSource.contract";

describePhotoSourceContract("HTTP", () => createHttpPhotoSource({ timeoutMs: 400, maxBytes: 2 * 1024 * 1024 }));
