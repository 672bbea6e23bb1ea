// Reads dealing files with the npm "pbn" package's converters (BRI, DGE, DUP), for
// tests/bridge/formats/test_dealing_oracle.py. Input on stdin: {"files": [{"format": "bri",
// "data": base64}, ...]}. Output: for each file, its boards as [[number, "N:... deal"], ...].
'use strict';
const path = require('path');
const { Readable } = require('stream');
const pbn = require(path.join(process.argv[2], 'node_modules', 'pbn'));

const CONVERTERS = { bri: pbn.convertBRI, dge: pbn.convertDGE, dup: pbn.convertDUP };

function read(file) {
    return new Promise((resolve, reject) => {
        const boards = [];
        let number = null;
        const source = new Readable({ read() {} });
        source.push(Buffer.from(file.data, 'base64'));
        source.push(null);
        source.pipe(CONVERTERS[file.format]())
            .on('data', (data) => {
                if (data.type === 'tag' && data.name === 'Board') number = Number(data.value);
                if (data.type === 'tag' && data.name === 'Deal') boards.push([number, data.value]);
            })
            .on('error', reject)
            .on('end', () => resolve(boards));
    });
}

(async () => {
    const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    const answers = [];
    for (const file of input.files) answers.push(await read(file));
    process.stdout.write(JSON.stringify(answers));
})().catch((error) => { process.stderr.write(String(error.stack || error)); process.exit(1); });
