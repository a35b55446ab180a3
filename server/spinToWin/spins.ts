/**
 * Spins of a dealer's prize wheel (table prize_spins, /spin-to-win): the server draws the prize with
 * crypto randomness over the dealer's weights (app/domain/spinToWin.ts drawPrize), keeps one spin per
 * shopper's phone per campaign, and files the dealer's 'Spin to Win' lead with the prize so the dealer
 * can honour it. A second spin (another tab, a double click, two requests at once) draws nothing new:
 * the unique key keeps the first row, and its prize is what the shopper sees.
 */
import { randomBytes } from "node:crypto";
import { drawPrize } from "~/domain/spinToWin";
import type { Queryable } from "../db/database";
import { iso, newId } from "../db/ids";
import { submitLead, type LeadPlatform } from "../leads/submit";
import { log } from "../log";
import type { TenantConfig } from "../tenants/schema";

export interface PrizeSpin {
  id: string;
  campaign: string;
  phone: string;
  prize: string;
  leadId: string | null;
  createdAt: string;
}

interface SpinRow {
  id: string;
  campaign: string;
  phone: string;
  prize: string;
  lead_id: string | null;
  created_at: unknown;
}

const fromRow = (r: SpinRow): PrizeSpin => ({
  id: r.id,
  campaign: r.campaign,
  phone: r.phone,
  prize: r.prize,
  leadId: r.lead_id,
  createdAt: iso(r.created_at),
});

/** A number in [0, 1) from the operating system's random source (48 bits). */
export function secureRandom(): number {
  return randomBytes(6).readUIntBE(0, 6) / 2 ** 48;
}

/** The shopper's spin in the dealer's current campaign, or null before they spin. */
export async function findSpin(db: Queryable, tenant: TenantConfig, phone: string): Promise<PrizeSpin | null> {
  const rows = await db.query<SpinRow>("SELECT * FROM prize_spins WHERE tenant = $1 AND campaign = $2 AND phone = $3", [
    tenant.slug,
    tenant.spinToWin.campaign,
    phone,
  ]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export interface SpinShopper {
  phone: string;
  first_name: string;
  last_name: string;
  email: string;
}

export type SpinResult =
  /** `fresh`: this request drew the prize; false when the shopper had spun before (the first prize stands). */
  | { ok: true; spin: PrizeSpin; fresh: boolean }
  /** The dealer's wheel has no prize that can be won. */
  | { ok: false; reason: "no-prizes" };

/**
 * Spins once for this shopper in the dealer's campaign. Safe to repeat and to run twice at once: the
 * insert that loses the race reads the row that won. The lead is filed while the row has none (a lead
 * that failed to store is filed on the shopper's next visit to the wheel).
 */
export async function spinOnce(
  platform: LeadPlatform & { db: Queryable },
  tenant: TenantConfig,
  shopper: SpinShopper,
  sourcePath: string,
  random: () => number = secureRandom,
): Promise<SpinResult> {
  const existing = await findSpin(platform.db, tenant, shopper.phone);
  let spin = existing;
  let fresh = false;
  if (!spin) {
    const prizes = tenant.spinToWin.prizes;
    const index = drawPrize(prizes, random());
    if (index < 0) return { ok: false, reason: "no-prizes" };
    const inserted = await platform.db.query<SpinRow>(
      `INSERT INTO prize_spins (id, tenant, campaign, phone, prize) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant, campaign, phone) DO NOTHING RETURNING *`,
      [newId(), tenant.slug, tenant.spinToWin.campaign, shopper.phone, prizes[index].label],
    );
    if (inserted[0]) {
      spin = fromRow(inserted[0]);
      fresh = true;
    } else {
      spin = await findSpin(platform.db, tenant, shopper.phone);
      if (!spin) throw new Error("A spin was neither stored nor found");
    }
  }
  if (!spin.leadId && fresh) spin = await fileLead(platform, tenant, shopper, spin, sourcePath);
  return { ok: true, spin, fresh };
}

/** Files the dealer's 'Spin to Win' lead for a spin that has none yet (the page's loader calls it too). */
export async function fileLead(
  platform: LeadPlatform & { db: Queryable },
  tenant: TenantConfig,
  shopper: SpinShopper,
  spin: PrizeSpin,
  sourcePath: string,
): Promise<PrizeSpin> {
  if (spin.leadId) return spin;
  try {
    const { lead } = await submitLead(platform, tenant, {
      category: "Spin to Win",
      subcategory: spin.campaign,
      name: shopper.first_name,
      last_name: shopper.last_name,
      email: shopper.email,
      phone: shopper.phone,
      message: `Won on the prize wheel (${spin.campaign}): ${spin.prize}. Please contact the shopper to arrange the prize.`,
      payload: { prize: spin.prize, campaign: spin.campaign, spin_id: spin.id },
      source_path: sourcePath,
    });
    await platform.db.query("UPDATE prize_spins SET lead_id = $1 WHERE id = $2 AND lead_id IS NULL", [lead.id, spin.id]);
    return { ...spin, leadId: lead.id };
  } catch (error) {
    log.error("Spin to Win: the prize's lead was not stored; it is filed on the shopper's next visit", {
      tenant: tenant.slug,
      spin: spin.id,
      error: String(error),
    });
    return spin;
  }
}
