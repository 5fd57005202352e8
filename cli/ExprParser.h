// Parser for assumption expressions given on the command line or in config.
#pragma once

#include "checker/ir/SymExpr.h"

#include <optional>
#include <string>

namespace alint {

// Identifiers become placeholder variables (reason "placeholder") named as
// written ("tileLength", "tiling.tileNum"; "->" and "this." normalised).
std::optional<Sym> parseAssumption(const std::string &text, std::string &error);

} // namespace alint
