/** Physical quantities of a tenant (by data id); `device_types` is a JSON column of node types. */
import { DEFAULT_QUANTITIES } from '@eem/core';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { PhysicalQuantityTable } from '../../../db/schema.js';

const { quantityDeviceTypes } = JSON_COLUMNS;

export type QuantityRow = Omit<Selectable<PhysicalQuantityTable>, 'device_types'> & {
  device_types: string[];
};

/** The columns a quantity is written with (tenant, data id and creation time apart). */
export type QuantityValues = Omit<
  Selectable<PhysicalQuantityTable>,
  'id' | 'tenant_id' | 'data_id' | 'created_at' | 'device_types'
> & { device_types: readonly string[] };

function decoded(row: Selectable<PhysicalQuantityTable>): QuantityRow {
  return { ...row, device_types: quantityDeviceTypes.read(row.device_types, row.id) };
}

function encoded(values: QuantityValues) {
  return { ...values, device_types: quantityDeviceTypes.write([...values.device_types]) };
}

/** In the database's order (no ORDER BY: the order of new points, hence their ids, follows it). */
async function ofTenant(db: Db, tenantId: number): Promise<QuantityRow[]> {
  const rows = await db
    .selectFrom('physical_quantities')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .execute();
  return rows.map(decoded);
}

/** The tenant's quantities; the defaults (core DEFAULT_QUANTITIES) are written the first time they are read. */
export async function tenantQuantities(db: Db, tenantId: number, now: number): Promise<QuantityRow[]> {
  const rows = await ofTenant(db, tenantId);
  if (rows.length > 0) return rows;
  await db
    .insertInto('physical_quantities')
    .values(
      DEFAULT_QUANTITIES.map((q) => ({
        tenant_id: tenantId,
        data_id: q.dataId,
        ...encoded({
          name: q.name,
          en_name: q.enName,
          unit: q.unit,
          energy_type: q.energyType,
          kind: q.kind,
          aggregation: q.aggregation,
          decimals: q.decimals,
          device_types: q.deviceTypes,
          updated_at: now,
        }),
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'data_id']).doNothing())
    .execute();
  return ofTenant(db, tenantId);
}

export async function quantityOfTenant(
  db: Db,
  tenantId: number,
  id: number,
): Promise<QuantityRow | undefined> {
  const row = await db
    .selectFrom('physical_quantities')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decoded(row);
}

export async function insertQuantity(
  db: Db,
  values: QuantityValues & { tenant_id: number; data_id: number; created_at: number },
): Promise<QuantityRow> {
  const { tenant_id, data_id, created_at, ...rest } = values;
  const row = await db
    .insertInto('physical_quantities')
    .values({ tenant_id, data_id, created_at, ...encoded(rest) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

export async function updateQuantity(db: Db, id: number, values: QuantityValues): Promise<QuantityRow> {
  const row = await db
    .updateTable('physical_quantities')
    .set(encoded(values))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

export async function deleteQuantity(db: Db, id: number): Promise<void> {
  await db.deleteFrom('physical_quantities').where('id', '=', id).execute();
}
