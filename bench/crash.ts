// `npm run bench:crash -- [--kills 100] [--upload-mb 1.8] [--writers 2] [--snapshot-hours 0]`: kills the real
// server with SIGKILL during writes carrying large uploads, restarts it each time and checks every acknowledged
// write (see tests/support/crash-harness.ts). Exits 1 if a restart failed or an acknowledged write was lost.
import { parseArgs } from 'node:util';
import { runCrashTrials } from '../tests/support/crash-harness';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '100' },
    'upload-mb': { type: 'string', default: '1.8' },
    writers: { type: 'string', default: '2' },
    'snapshot-hours': { type: 'string', default: '0' },
    'keep-data': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const started = Date.now();
const f = await runCrashTrials({
  kills: Number(values.kills),
  uploadBytes: Math.round(Number(values['upload-mb']) * 1e6),
  writers: Number(values.writers),
  snapshotHours: Number(values['snapshot-hours']),
  keepDataDir: values['keep-data'],
  log: values.quiet ? undefined : (line) => console.log(line),
});
console.log(`
kills:                         ${f.kills}
restarts ok:                   ${f.restartsOk}
failed restarts:               ${f.failedRestarts.length}
acknowledged writes checked:   ${f.acknowledged} (${f.acknowledgedDocuments} documents, ${(f.documentBytes / 1e6).toFixed(0)} MB)
lost:                          ${f.lost.length}
restart time (median / max):   ${f.restartMs.median} / ${f.restartMs.max} ms
duration:                      ${((Date.now() - started) / 1000).toFixed(0)} s${f.failedRestarts.length || values['keep-data'] ? `\ndata directory:                ${f.dataDir}` : ''}`);
for (const line of [...f.failedRestarts, ...f.lost]) console.log(line);
process.exit(f.failedRestarts.length || f.lost.length ? 1 : 0);
