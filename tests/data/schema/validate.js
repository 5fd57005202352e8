// Validates JSON documents against docs/ascendc-lint.schema.json with Ajv in
// strict mode (draft 2020-12). Usage: node validate.js SCHEMA DOC...
// Exit 0 valid, 1 a document is invalid, 2 the schema itself is rejected.
const path = require("path");
const fs = require("fs");
const modules = process.env.ALINT_NODE_MODULES;
const req = (m) => require(modules ? path.join(modules, m) : m);
const Ajv2020 = req("ajv/dist/2020");
const ajv = new Ajv2020({ strict: true, allErrors: true });
let validate;
try {
  validate = ajv.compile(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
} catch (e) {
  console.log("schema rejected: " + e.message);
  process.exit(2);
}
let bad = 0;
for (const f of process.argv.slice(3)) {
  if (!validate(JSON.parse(fs.readFileSync(f, "utf8")))) {
    bad++;
    console.log(f + ": " + JSON.stringify(validate.errors));
  }
}
process.exit(bad ? 1 : 0);
