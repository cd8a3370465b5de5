import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withNamedStatements } from "./pglite-statements.ts";

describe("PGlite statements sent as named prepared statements", () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`
      create table rides (id serial primary key, rider text not null unique, km numeric(8, 2),
        at timestamptz, day date, ok boolean, tags text[], extra jsonb);
      insert into rides (rider, km, at, day, ok, tags, extra)
        values ('ada', 42.5, '2026-01-02T03:04:05Z', '2026-01-02', true, '{a,b}', '{"x": 1}');`);
  });
  afterAll(() => pglite.close());

  const prepared = async () =>
    (
      await pglite.query<{ name: string; statement: string }>(
        "select name, statement from pg_prepared_statements",
      )
    ).rows;

  it("answers exactly as PGlite's own query does, for every kind of value", async () => {
    const client = withNamedStatements(pglite);
    const text = `select id, rider, km, at, day, ok, tags, extra, $1::int + 1 as next, $2::text as nothing,
      $3::timestamptz as given, $4::jsonb as doc, $5::text[] as list from rides where rider = $6`;
    const params = [41, null, new Date("2026-05-06T07:08:09Z"), { y: [2] }, ["c", "d"], "ada"];
    for (const rowMode of ["object", "array"] as const) {
      const mine = await client.query(text, params, { rowMode });
      const theirs = await pglite.query(text, params, { rowMode });
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
    const [row] = (await client.query<Record<string, unknown>>(text, params)).rows;
    expect(row).toMatchObject({
      rider: "ada",
      km: "42.50",
      ok: true,
      tags: ["a", "b"],
      next: 42,
      nothing: null,
    });
    expect(row!.doc).toEqual({ y: [2] });

    const insert = await client.query("insert into rides (rider) values ($1), ($2)", ["bo", "cy"]);
    expect(insert.affectedRows).toBe(2);
  });

  it("parses each text once and then reuses it, keeping at most `capacity` of them", async () => {
    await pglite.exec("deallocate all");
    const client = withNamedStatements(pglite, 3);
    for (let round = 0; round < 3; round++)
      await client.query("select count(*) from rides where km > $1", [1]);
    expect((await prepared()).map((p) => p.statement)).toEqual(["select count(*) from rides where km > $1"]);

    for (let n = 0; n < 6; n++) await client.query(`select ${n} as n`);
    await client.query("select 'one more' as n"); // closes the least recently used on the way
    const kept = (await prepared()).map((p) => p.statement).sort();
    expect(kept).toEqual(["select 'one more' as n", "select 4 as n", "select 5 as n"]);
  });

  it("reports the database's errors as PGlite does, and carries on after them", async () => {
    const client = withNamedStatements(pglite);
    const duplicate = await client.query("insert into rides (rider) values ($1)", ["ada"]).catch((e) => e);
    expect(duplicate).toMatchObject({
      code: "23505",
      query: "insert into rides (rider) values ($1)",
      params: ["ada"],
    });
    const syntax = await client.query("selec 1").catch((e) => e);
    expect(syntax).toMatchObject({ code: "42601" });
    const wrongType = await client.query("select $1::int as n", ["not a number"]).catch((e) => e);
    expect(wrongType).toMatchObject({ code: "22P02" });
    expect((await client.query<{ n: number }>("select $1::int as n", [7])).rows).toEqual([{ n: 7 }]);
  });

  it("waits for a transaction in progress, as PGlite's query does", async () => {
    const client = withNamedStatements(pglite);
    let releaseTransaction = () => {};
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into rides (rider) values ('in-transaction')");
      await new Promise<void>((resolve) => {
        releaseTransaction = resolve;
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const counted = client.query<{ n: number }>(
      "select count(*)::int as n from rides where rider = 'in-transaction'",
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    releaseTransaction();
    await transaction;
    expect((await counted).rows).toEqual([{ n: 1 }]);
  });
});
