/**
 * The 360 spin viewer (spec 000 sections 4 and 9): every frame is preloaded first, with a loading
 * indicator; then the car turns on its own every 100 ms until the shopper touches it, drags or swipes
 * at 20 px per frame, and the 'Swipe to spin' hint shows until the first touch or mouse down.
 * While the frames load the car's first frame is shown whole, as the page drew it (the same picture
 * without script), and the indicator is a small badge beside it rather than a veil over it (issue 26).
 * Loaded on demand (it is not needed for the first paint); frames that fail to preload are only logged.
 * Each frame is the photo route's copy at the width the stage is drawn (at most 960, as all are
 * preloaded), the same address for the preload and the picture, so a frame is fetched once.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { photoSources, photoUrlAt, photoWidthForBox, SPIN_LARGEST_WIDTH, type PhotoWidth } from "~/domain/photos";
import { arrowKeyStep } from "~/domain/galleryRules";
import { AUTO_ROTATE_MS, frameFromDrag, hotspotsForFrame, nextAutoFrame, SPIN_IMAGE_SIZE, wrapFrame } from "~/domain/spin";
import type { Hotspot } from "~/domain/vehicle";
import { Hotspots } from "./Hotspots";
import { Icon } from "./icons";
import * as styles from "./Gallery.css";

export interface SpinViewerProps {
  frames: string[];
  hotspots: Hotspot[];
  title: string;
}

export function SpinViewer({ frames, hotspots, title }: SpinViewerProps) {
  const count = frames.length;
  const [loaded, setLoaded] = useState(0);
  const [ready, setReady] = useState(false);
  const [frame, setFrame] = useState(0);
  const [touched, setTouched] = useState(false);
  const drag = useRef<{ x: number; frame: number; pointer: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  // Measured once the viewer is on the page; until then frame 0 shows as the page drew it (srcset).
  const [frameWidth, setFrameWidth] = useState<PhotoWidth | null>(null);
  useEffect(() => {
    setFrameWidth(photoWidthForBox(stage.current?.clientWidth ?? 0, window.devicePixelRatio, SPIN_LARGEST_WIDTH));
  }, []);
  const frameUrls = useMemo(() => (frameWidth === null ? [] : frames.map((src) => photoUrlAt(src, frameWidth))), [frames, frameWidth]);
  // The frame last asked for and whether the shopper has touched the viewer, read synchronously: an
  // auto-rotate tick can fire between a press and the next render, and must neither move the car nor
  // leave the drag starting from an older frame.
  const latestFrame = useRef(0);
  const touchedNow = useRef(false);
  const show = (next: number) => {
    latestFrame.current = next;
    setFrame(next);
  };
  const touch = () => {
    touchedNow.current = true;
    setTouched(true);
  };

  useEffect(() => {
    if (!frameUrls.length) return;
    let live = true;
    let settled = 0;
    const images = frameUrls.map((src) => {
      const img = new Image();
      const done = (ok: boolean) => {
        if (!ok) console.warn("Spin frame could not be preloaded", src);
        settled += 1;
        if (!live) return;
        setLoaded(settled);
        if (settled === frameUrls.length) setReady(true);
      };
      img.onload = () => done(true);
      img.onerror = () => done(false);
      img.src = src;
      return img;
    });
    return () => {
      live = false;
      for (const img of images) img.onload = img.onerror = null;
    };
  }, [frameUrls]);

  useEffect(() => {
    if (!ready || touched) return;
    const timer = window.setInterval(() => {
      if (!touchedNow.current) show(nextAutoFrame(latestFrame.current, count));
    }, AUTO_ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [ready, touched, count]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest("details")) return;
    touch();
    if (!ready) return;
    // The car shown is the one the drag turns from: an auto-rotate tick just before the press may have
    // asked for the next frame without it being drawn yet (its render waits for the next task, the
    // press's does not), so the press draws it now.
    show(latestFrame.current);
    drag.current = { x: e.clientX, frame: latestFrame.current, pointer: e.pointerId };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    show(frameFromDrag(d.frame, e.clientX - d.x, count));
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointer === e.pointerId) drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = arrowKeyStep(e);
    if (!step || !ready) return;
    e.preventDefault();
    touch();
    show(wrapFrame(latestFrame.current + step, count));
  };

  return (
    <div
      ref={stage}
      className={styles.spinStage}
      role="slider"
      tabIndex={0}
      aria-label={`360 degree view of the ${title}: drag, swipe or use the arrow keys to turn it`}
      aria-valuemin={1}
      aria-valuemax={count}
      aria-valuenow={frame + 1}
      aria-valuetext={`Angle ${frame + 1} of ${count}`}
      aria-busy={!ready}
      data-frame={frame}
      data-ready={ready ? "true" : "false"}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
    >
      {/* One img throughout: it keeps showing a frame while the next address loads. Until every frame is
          in, it is the first frame exactly as the page drew it, so nothing is fetched or redrawn twice. */}
      <img
        {...(ready && frameUrls.length ? { src: frameUrls[frame] } : photoSources(frames[0] ?? "", "spin"))}
        alt=""
        width={SPIN_IMAGE_SIZE.width}
        height={SPIN_IMAGE_SIZE.height}
        className={styles.spinImage}
        draggable={false}
      />
      {ready ? <Hotspots spots={hotspotsForFrame(hotspots, frame, count)} /> : null}
      {!ready ? (
        <div className={styles.spinLoading} role="status">
          <span className={styles.spinLoadingRing} aria-hidden="true" />
          <span>Loading 360° view… {Math.round((loaded / Math.max(1, count)) * 100)}%</span>
        </div>
      ) : !touched ? (
        <div className={styles.spinHint} aria-hidden="true">
          <Icon name="rotate" size={18} /> Swipe to spin
        </div>
      ) : null}
    </div>
  );
}

export default SpinViewer;
