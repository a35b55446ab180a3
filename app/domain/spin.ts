/**
 * The 360 spin viewer's rules (spec 000 sections 4 and 9): 20 px of drag per frame, auto-rotation every
 * 100 ms until the shopper touches it, frames wrapping around, hotspots shown on the frames (angles)
 * they belong to. The interior is one picture; its hotspots are the ones on angle 0.
 */
import type { Hotspot } from "./vehicle";

export const PX_PER_FRAME = 20;
export const AUTO_ROTATE_MS = 100;
/** The spin frames' intrinsic size. */
export const SPIN_IMAGE_SIZE = { width: 600, height: 400 } as const;

/** Any frame number brought into 0..count-1, so turning past the last frame comes back to the first. */
export function wrapFrame(frame: number, count: number): number {
  if (count <= 0) return 0;
  return ((Math.trunc(frame) % count) + count) % count;
}

/**
 * The frame shown while dragging: every whole 20 px moves one frame. Dragging left turns the car
 * towards the next frame, as if pushing its nose away.
 */
export function frameFromDrag(startFrame: number, dragX: number, count: number): number {
  return wrapFrame(startFrame - Math.trunc(dragX / PX_PER_FRAME), count);
}

/** The next frame of the auto-rotation. */
export function nextAutoFrame(frame: number, count: number): number {
  return wrapFrame(frame + 1, count);
}

/** Hotspots on the frame being shown: a hotspot's angle is the frame it is seen on. */
export function hotspotsForFrame(hotspots: readonly Hotspot[], frame: number, count: number): Hotspot[] {
  return hotspots.filter((h) => wrapFrame(h.angle, count) === wrapFrame(frame, count));
}

/** The interior view is a single picture, seen from angle 0. */
export const INTERIOR_ANGLE = 0;
