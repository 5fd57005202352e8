// NOLINT / NOLINTNEXTLINE / NOLINTBEGIN..NOLINTEND comments (clang-tidy syntax).
#pragma once

#include "rules/Check.h"

#include <string>
#include <vector>

namespace alint {

// Removes suppressed findings; adds one for each unmatched NOLINTBEGIN/END in
// `mainFile`.
// Returns how many findings (notes aside) the comments suppressed.
unsigned applySuppressions(std::vector<Diagnostic> &diags, const std::string &mainFile);

} // namespace alint
