// `ascendc-lint --lsp`: a language server over stdio (JSON-RPC 2.0 with
// Content-Length framing, LSP 3.17). Files are analysed on open and on save
// in a worker thread, newest request first, stale results dropped; findings
// are published with their notes as related information, certain fix-its as
// quick fixes, the counterexample and hint on hover. docs/lsp.md.
#pragma once

#include "cli/Driver.h"
#include "cli/Options.h"

#include <iosfwd>

namespace alint {

// Serves until `exit`; returns 0 after a `shutdown` request, 1 otherwise (as
// the protocol asks).
int runLanguageServer(const Options &o, const TargetResolver &resolve, std::istream &in, std::ostream &out);

} // namespace alint
