// The module boundaries of eslint.config.js, proven on code samples. Each sample is linted in memory as
// if it were a file at some path of the monorepo; what it imports is a small stand-in tree written to
// a temporary folder (the real files are rewritten often), laid out like the repository and linted
// with a copy of the real config, resolver and tsconfig paths.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';

const repo = path.resolve(__dirname, '../..');
let root: string;
let eslint: ESLint;

const tree: Record<string, string> = {
  'shell/libs/ui-kit/index.ts': "export { Card } from './Card';\n",
  'shell/libs/ui-kit/Card.tsx': 'export const Card = () => null;\n',
  'shell/libs/session/index.ts': 'export const useSession = () => null;\n',
  'shell/libs/api-client/index.ts': 'export const api = {};\n',
  'shell/src/App.tsx': 'export const App = () => null;\n',
  'shell/src/features/auth/LoginPage.tsx': 'export const LoginPage = () => null;\n',
  'shell/src/features/auth/access.ts': 'export const canSee = () => true;\n',
  'shell/test/render.tsx': 'export const renderAt = () => null;\n',
  'mfe-patient/src/api.ts': 'export const patientApi = {};\n',
  'mfe-patient/src/features/find-doctors/FindDoctorsPage.tsx': 'export const FindDoctorsPage = () => null;\n',
  'mfe-patient/src/features/find-doctors/api.ts': 'export const listDoctors = () => [];\n',
  'mfe-patient/src/features/find-doctors/DoctorCard.tsx': 'export const DoctorCard = () => null;\n',
  'mfe-doctor/src/api.ts': 'export const doctorApi = {};\n',
  'mfe-doctor/src/features/home/HomePage.tsx': 'export const HomePage = () => null;\n',
  'mfe-doctor/src/features/home/FeeCard.tsx': 'export const FeeCard = () => null;\n',
  'services/auth/contracts/index.ts': 'export interface UserView { id: number }\nexport const AUTH = 1;\n',
  'services/appointment/contracts/index.ts': 'export interface AppointmentView { id: number }\n',
  'services/appointment/contracts/catalog.ts': 'export const SLOT_MINUTES = 30;\n',
  'services/auth/src/auth.module.ts': 'export class AuthModule {}\n',
  'services/auth/src/users/users.repository.ts': 'export class UsersRepository {}\n',
  'services/appointment/src/appointment.module.ts': 'export class AppointmentModule {}\n',
  'services/appointment/src/rules/clinic-time.ts': 'export const clinicToday = () => "";\n',
  'services/shared/src/index.ts': 'export const bus = {};\n',
  'services/shared/src/testing/index.ts': 'export const eventually = () => null;\n',
  'gateway/src/common/http/errors.ts': 'export const httpError = () => null;\n',
  // Two modules that import each other: linting either one must report the cycle.
  'shell/libs/ui-kit/format.ts': "import { money } from './money';\nexport const format = (n: number) => money(n);\n",
  'shell/libs/ui-kit/money.ts': "import { format } from './format';\nexport const money = (n: number) => String(n);\nexport const again = format;\n",
};

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-lint-'));
  for (const file of ['eslint.config.js', 'infra/lint/resolver.js', 'infra/lint/feature-imports.js', 'tsconfig.base.json']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(root, file));
  }
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(tree)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  // eslint.config.js is CommonJS: loaded here and passed in, as ESLint's own import() of a config file
  // does not run inside jest's module sandbox.
  const config = require(path.join(root, 'eslint.config.js')) as Linter.Config[];
  eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
});

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** The messages of the boundary and cycle rules for `code` linted as the file at `file`. */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .filter((m) => m.ruleId === null || /^(boundaries|import-x)\/|no-restricted-imports/.test(m.ruleId))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('remotes', () => {
  const file = 'mfe-doctor/src/features/agenda/AgendaPage.tsx';

  it("may import the shell's libs and the services' contracts", async () => {
    const code = [
      "import { Card } from 'shell/ui-kit';",
      "import { useSession } from 'shell/session';",
      "import { api } from 'shell/api-client';",
      "import type { AppointmentView } from '@afya/appointment-service/contracts';",
      "import { SLOT_MINUTES } from '@afya/appointment-service/contracts/catalog';",
      "import { doctorApi } from '../../api';",
      "import { FeeCard } from '../home/FeeCard';",
      'export const all = [Card, useSession, api, SLOT_MINUTES, doctorApi, FeeCard];',
      'export type A = AppointmentView;',
    ].join('\n');
    expect(await problems(file, code)).toEqual([]);
  });

  it('may not import another remote', async () => {
    const code = "import { DoctorCard } from '../../../../mfe-patient/src/features/find-doctors/DoctorCard';\nexport const x = DoctorCard;\n";
    expect(await problems(file, code)).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*remote-feature/)]);
  });

  it("may not import the shell's app", async () => {
    const code = "import { canSee } from '../../../../shell/src/features/auth/access';\nexport const x = canSee;\n";
    expect(await problems(file, code)).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*shell-feature/)]);
  });

  it("may import the shell's test helpers from a test file only", async () => {
    const code = "import { renderAt } from '../../../../shell/test/render';\nexport const x = renderAt;\n";
    expect(await problems('mfe-doctor/src/features/agenda/agenda.test.tsx', code)).toEqual([]);
    expect(await problems(file, code)).toHaveLength(1);
  });
});

describe('features', () => {
  it("do not import another feature's page, but may use its api and components through shared code", async () => {
    const file = 'mfe-patient/src/features/booking/BookAppointmentPage.tsx';
    const page = "import { FindDoctorsPage } from '../find-doctors/FindDoctorsPage';\nexport const x = FindDoctorsPage;\n";
    expect(await problems(file, page)).toEqual([expect.stringContaining("must not import another feature's page")]);
    const shared = "import { patientApi } from '../../api';\nexport const x = patientApi;\n";
    expect(await problems(file, shared)).toEqual([]);
  });

  it("in the shell too; the shell's app may import pages for its routes", async () => {
    const page = "import { LoginPage } from '../auth/LoginPage';\nexport const x = LoginPage;\n";
    expect(await problems('shell/src/features/profile/ProfilePage.tsx', page)).toHaveLength(1);
    const routes = "import { LoginPage } from './features/auth/LoginPage';\nexport const x = LoginPage;\n";
    expect(await problems('shell/src/routes.tsx', routes)).toEqual([]);
  });
});

describe("the shell's ui-kit", () => {
  it('imports no feature and no remote', async () => {
    const file = 'shell/libs/ui-kit/Banner.tsx';
    const feature = "import { canSee } from '../../src/features/auth/access';\nexport const x = canSee;\n";
    expect(await problems(file, feature)).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*shell-feature/)]);
    const remote = "import { HomePage } from '../../../mfe-doctor/src/features/home/HomePage';\nexport const x = HomePage;\n";
    expect(await problems(file, remote)).toHaveLength(1);
    const libs = "import { api } from 'shell/api-client';\nimport type { UserView } from '@afya/auth-service/contracts';\nexport const x = api;\nexport type U = UserView;\n";
    expect(await problems(file, libs)).toEqual([]);
  });
});

describe('the gateway and the services', () => {
  it("import other services' contracts and services/shared, never another service's src", async () => {
    const file = 'services/appointment/src/appointments/booking.service.ts';
    const allowed = [
      "import { AUTH } from '@afya/auth-service/contracts';",
      "import { bus } from '@afya/service-shared';",
      "import { clinicToday } from '../rules/clinic-time';",
      'export const x = [AUTH, bus, clinicToday];',
    ].join('\n');
    expect(await problems(file, allowed)).toEqual([]);
    const otherSrc = "import { UsersRepository } from '../../../auth/src/users/users.repository';\nexport const x = UsersRepository;\n";
    expect(await problems(file, otherSrc)).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*type "service".*auth/)]);
    const alias = "import { AuthModule } from '@afya/auth-service/src/auth.module';\nexport const x = AuthModule;\n";
    expect(await problems('gateway/src/app.module.ts', alias)).toHaveLength(1);
  });

  it("services/shared's testing kit is for tests only", async () => {
    const code = "import { eventually } from '@afya/service-shared/testing';\nexport const x = eventually;\n";
    expect(await problems('services/auth/src/users/users.spec.ts', code)).toEqual([]);
    expect(await problems('services/auth/src/users/users.service.ts', code)).toHaveLength(1);
  });

  it("the gateway's integration tests boot services in-process from their root module, and no deeper", async () => {
    const boot = [
      "import { AuthModule } from '@afya/auth-service/src/auth.module';",
      "import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';",
      "import { eventually } from '@afya/service-shared/testing';",
      'export const x = [AuthModule, AppointmentModule, eventually];',
    ].join('\n');
    expect(await problems('gateway/test/auth/auth.int.spec.ts', boot)).toEqual([]);
    const deeper = "import { clinicToday } from '@afya/appointment-service/src/rules/clinic-time';\nexport const x = clinicToday;\n";
    expect(await problems('gateway/test/appointments/support.ts', deeper)).toHaveLength(1);
  });
});

describe('contracts', () => {
  const file = 'services/appointment/contracts/views.ts';

  it('import other contracts as types only', async () => {
    expect(await problems(file, "import type { UserView } from '@afya/auth-service/contracts';\nexport type U = UserView;\n")).toEqual([]);
    expect(await problems(file, "import { AUTH } from '@afya/auth-service/contracts';\nexport const x = AUTH;\n")).toHaveLength(1);
  });

  it('import nothing at runtime from services/shared or Nest', async () => {
    const shared = await problems(file, "import { bus } from '@afya/service-shared';\nexport const x = bus;\n");
    expect(shared.some((m) => m.startsWith('boundaries/dependencies'))).toBe(true);
    const nest = await problems(file, "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n");
    expect(nest).toEqual([expect.stringContaining('Contracts are pure')]);
  });
});

describe('cycles', () => {
  it('are reported', async () => {
    const code = fs.readFileSync(path.join(root, 'shell/libs/ui-kit/format.ts'), 'utf8');
    expect(await problems('shell/libs/ui-kit/format.ts', code)).toEqual([expect.stringMatching(/^import-x\/no-cycle:/)]);
  });

  it('made of type imports only are not cycles', async () => {
    const code = "import type { again } from './money';\nexport type T = typeof again;\n";
    expect(await problems('shell/libs/ui-kit/format.ts', code)).toEqual([]);
  });
});
