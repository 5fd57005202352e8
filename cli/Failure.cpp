#include "cli/Failure.h"

#include <cctype>

namespace alint {

// Digits at `pos` followed by ':'; advances past the ':'.
static bool number(const std::string &s, size_t &pos, unsigned &out) {
  size_t start = pos;
  unsigned long v = 0;
  while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])) && pos - start < 9)
    v = v * 10 + unsigned(s[pos++] - '0');
  if (pos == start || pos >= s.size() || s[pos] != ':')
    return false;
  ++pos;
  out = unsigned(v);
  return true;
}

FailureLoc splitFailure(const FileResult &fr) {
  FailureLoc f;
  f.file = fr.file;
  f.message = fr.error;
  const std::string &e = fr.error;
  // "path:line:col: msg": the path is whatever precedes the last
  // ":digits:digits: " before the message (paths may hold ':').
  for (size_t colon = e.find(':'); colon != std::string::npos; colon = e.find(':', colon + 1)) {
    size_t p = colon + 1;
    unsigned line = 0, col = 0;
    if (number(e, p, line) && number(e, p, col) && p < e.size() && e[p] == ' ') {
      f.file = e.substr(0, colon);
      f.line = line;
      f.column = col;
      f.message = e.substr(p + 1);
      return f;
    }
  }
  // "path: msg" with the file's own path.
  std::string prefix = fr.file + ": ";
  if (!fr.file.empty() && e.compare(0, prefix.size(), prefix) == 0)
    f.message = e.substr(prefix.size());
  return f;
}

std::string failureText(const FileResult &fr) {
  FailureLoc f = splitFailure(fr);
  std::string msg = f.message;
  // Clang's own errors keep clang-tidy's name for them.
  if (f.line && msg.compare(0, 7, "error: ") == 0)
    msg = msg.substr(7);
  return f.file + ":" + std::to_string(f.line ? f.line : 1) + ":" + std::to_string(f.column ? f.column : 1) +
         ": error: " + msg;
}

} // namespace alint
