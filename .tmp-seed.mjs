import { createClient } from '@eem/sdk';
const url = process.argv[2];
const login = await createClient({ baseUrl: url }).login('tenant-admin', 'Eem@2026demo');
console.log(login.user.projectIds, login.user.projectId);
const projectId = 1;
const c = createClient({ baseUrl: url, token: login.token, projectId });
const tree = await c.nodes.nodeTreeSimple({ body: { rootID: projectId, rootLabel: 'project', treeReturnEnable: true } });
const meters = [];
const walk = (items) => { for (const i of items) { if (i.modelLabel === 'meter') meters.push(i); walk(i.children ?? []); } };
walk(tree);
console.log(meters.slice(0, 5).map((m) => [m.id, m.name]));
const schemes = await c.metering.schemes?.({ body: {} }).catch((e) => String(e));
console.log(JSON.stringify(schemes)?.slice(0, 300));
const scheme = await c.demand.createBillingScheme({ body: {
  name: 'Shanghai 10 kV', pfStandard: 0.9, touSchemeId: 1,
  versions: [{ from: '2025-01', to: null, methods: ['capacity', 'demand'], capacityPrice: 32, demandPrice: 48,
    energyPrices: { sharp: 1.2, peak: 0.95, flat: 0.62, valley: 0.31 } }],
} });
for (const [i, m] of meters.slice(0, 3).entries()) {
  const inlet = await c.demand.createInlet({ body: {
    name: `Inlet ${i + 1}`, code: `IN-0${i + 1}`, voltageKv: 10, busSegment: `Bus ${i + 1}`, transformerKva: 800,
    billingMethod: i === 1 ? 'capacity' : 'demand', declaredKw: 40 + i * 10, windowType: i === 2 ? 'fixed' : 'sliding',
    meter: { id: m.id, modelLabel: 'meter' }, billingSchemeId: scheme.id,
  } });
  console.log('inlet', inlet.id, inlet.name);
}
