#include "cli/Uri.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <cctype>

namespace alint {

std::string percentEncode(const std::string &s) {
  static const char *hex = "0123456789ABCDEF";
  std::string u;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~')
      u += char(c);
    else {
      u += '%';
      u += hex[c >> 4];
      u += hex[c & 15];
    }
  }
  return u;
}

std::string fileUri(const std::string &path) {
  llvm::SmallString<256> a(path);
  llvm::sys::fs::make_absolute(a);
  llvm::sys::path::remove_dots(a, true);
  return "file://" + percentEncode(std::string(a));
}

static int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

std::optional<std::string> uriToPath(const std::string &uri) {
  const std::string scheme = "file://";
  if (uri.size() < scheme.size())
    return std::nullopt;
  for (size_t i = 0; i < scheme.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(uri[i])) != scheme[i])
      return std::nullopt;
  std::string rest = uri.substr(scheme.size());
  // An authority: only the local host is a file on this machine.
  size_t slash = rest.find('/');
  if (slash == std::string::npos)
    return std::nullopt;
  std::string host = rest.substr(0, slash);
  if (!host.empty() && host != "localhost")
    return std::nullopt;
  rest = rest.substr(slash);
  std::string out;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '?' || rest[i] == '#')
      break;
    if (rest[i] != '%') {
      out += rest[i];
      continue;
    }
    if (i + 2 >= rest.size())
      return std::nullopt;
    int h = hexValue(rest[i + 1]), l = hexValue(rest[i + 2]);
    if (h < 0 || l < 0)
      return std::nullopt;
    out += char(h * 16 + l);
    i += 2;
  }
  return out;
}

} // namespace alint
