// The `<<<cfg>>>(` of a direct kernel launch, found in source text: the
// kernel frontend blanks it, the host reader rewrites it into C++.
#pragma once

#include <cctype>
#include <optional>
#include <string>

namespace alint::fe {

// For a `<<<` at `pos`: the position of its matching `>>>` when a `(`
// follows it (a launch), nullopt otherwise (a shift, a template argument).
// The scan stops at a statement or block boundary.
inline std::optional<size_t> launchConfigEnd(const std::string &src, size_t pos) {
  int depth = 0;
  for (size_t i = pos + 3; i + 2 < src.size(); ++i) {
    char c = src[i];
    if (c == '(' || c == '[') {
      ++depth;
    } else if ((c == ')' || c == ']') && --depth < 0) {
      return std::nullopt;
    } else if (c == ';' || c == '{' || c == '}') {
      return std::nullopt;
    } else if (depth == 0 && src.compare(i, 3, ">>>") == 0) {
      size_t j = i + 3;
      while (j < src.size() && isspace(static_cast<unsigned char>(src[j])))
        ++j;
      if (j < src.size() && src[j] == '(')
        return i;
      return std::nullopt;
    }
  }
  return std::nullopt;
}

} // namespace alint::fe
