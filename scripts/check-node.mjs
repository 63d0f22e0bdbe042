// npm itself may run on the machine's older Node; the project pins Node 24 through
// the `node` devDependency, whose binary npm scripts pick up from node_modules/.bin.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Anı Kutusu needs Node.js 24 or newer, but scripts run on ${process.version}. ` +
      'Run `npm ci` so that node_modules/.bin/node (Node 24) is installed.',
  );
  process.exit(1);
}
