/** The reference lists of SPEC §3: hospitals, cooperative-partner clinics and products. */
import type { Clinic, Hospital, HospitalType, Product } from "../../lib/core/types.ts";
import type { Queryable } from "../db/db.ts";

export async function hospitals(q: Queryable, type?: HospitalType): Promise<Hospital[]> {
  const { rows } = await q.query<Hospital>(
    `SELECT id, en_name, cn_name, type FROM hospitals
     WHERE $1::text IS NULL OR type = $1 ORDER BY type DESC, id`,
    [type ?? null],
  );
  return rows;
}

export async function clinics(q: Queryable): Promise<Clinic[]> {
  const { rows } = await q.query<Clinic>(
    "SELECT id, name_zh, name_en, district, address_zh, address_en, phone FROM clinics ORDER BY sort",
  );
  return rows;
}

export async function products(q: Queryable): Promise<Product[]> {
  const { rows } = await q.query<Product>(
    "SELECT id, name_zh, name_en, description_zh, description_en, image_url FROM products ORDER BY sort",
  );
  return rows;
}
