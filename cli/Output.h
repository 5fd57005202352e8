// Output formats: clang-tidy style text, JSON (docs/json-format.md), SARIF, LSP (docs/lsp.md).
#pragma once

#include "cli/Driver.h"
#include "cli/SourceText.h"

#include <iosfwd>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace alint {

// "verified", "partially verified" or "not verified" (docs/json-format.md).
std::string verdictName(const KernelVerdict &kv);
// One kernel's verdict as JSON: the `kernels` items of --format=json and of
// the SARIF run's property bag.
nlohmann::json kernelVerdictJson(const KernelVerdict &kv);

void printText(const RunResult &rr, const Options &o, size_t targetCount, std::ostream &out, std::ostream &err);
void printJson(const RunResult &rr, std::ostream &out);
// SARIF 2.1.0 (cli/Sarif.cpp).
void printSarif(const RunResult &rr, SourceText &src, std::ostream &out);
// LSP textDocument/publishDiagnostics params, one JSON object per line and
// document (JSON Lines; docs/lsp.md).
void printLsp(const RunResult &rr, SourceText &src, std::ostream &out);

} // namespace alint
