import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create('memory://');
await db.exec('create table t (n int)');
console.log(await db.query('insert into t values (1),(2)'));
console.log(await db.query('select * from t where n > $1', [0]));
console.log(await db.query('update t set n = n + $1', [1]));
console.log(await db.query('update t set n = n + $1 returning n', [1]));
console.log(await db.exec('update t set n = 1; select 1'));
