/**
 * An earlier commit of this repository, checked out beside it and installed once, for
 * `npm run bench -- --against=REV`: its pages and today's measured in the same run, so "no worse than
 * before" compares builds on the same machine at the same moment rather than against an old note.
 *
 * The checkout is a git worktree in the temporary directory, named by the commit, and is kept: a second
 * run against the same commit starts at once. Its own `npm start` builds it on first start.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface EarlierBuild {
  /** The full commit hash. */
  commit: string;
  /** The checkout's folder, ready for `node server/cli/start.mjs` there. */
  folder: string;
}

/** The folder an earlier commit is checked out in (one per commit). */
export function earlierBuildFolder(commit: string, tmp = os.tmpdir()): string {
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`not a full commit hash: ${commit}`);
  return path.join(tmp, `dealer-sites-bench-${commit.slice(0, 12)}`);
}

/** Checks out and installs `rev` (a commit, tag or branch of this repository) unless already done. */
export function checkOutEarlierBuild(rev: string, repo = process.cwd()): EarlierBuild {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
  let commit: string;
  try {
    commit = git("rev-parse", "--verify", "--quiet", `${rev}^{commit}`);
  } catch {
    throw new Error(`--against=${rev}: no such commit in this repository`);
  }
  const folder = earlierBuildFolder(commit);
  const installed = path.join(folder, ".bench-installed");
  if (fs.existsSync(installed)) return { commit, folder };
  console.log(`checking out ${commit.slice(0, 12)} in ${folder} and installing its packages (once per commit)`);
  fs.rmSync(folder, { recursive: true, force: true });
  git("worktree", "prune");
  git("worktree", "add", "--force", "--detach", folder, commit);
  // As the README installs (decision 7): npm install keeps the commit's locked versions.
  execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: folder, stdio: "inherit" });
  fs.writeFileSync(installed, commit);
  return { commit, folder };
}

/** "No worse than before by more than 5%": lower is better (times, bytes) unless `higherIsBetter` (req/s, score). */
export function withinFivePercent(before: number, now: number, higherIsBetter = false): boolean {
  return higherIsBetter ? now >= before * 0.95 : now <= before * 1.05;
}
