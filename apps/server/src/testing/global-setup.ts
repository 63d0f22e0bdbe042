import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    pgTemplateDatabase: string;
  }
}

/**
 * Migrates one template database per run; each test file then starts from a copy of it
 * (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE … TEMPLATE), far faster than
 * migrating per file and with no file sharing another's data.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `ani_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const template = new URL(url);
    template.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: template.toString(), poolSize: 1 });
    await database.close();
    project.provide('pgTemplateDatabase', name);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'ani-pglite-template-'));
  const database = await openDatabase({ kind: 'pglite' });
  const file = path.join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplateFile', file);
  project.provide('pgTemplateDatabase', '');
  return () => rm(dir, { recursive: true, force: true });
}
