// file:// URIs (RFC 3986, RFC 8089) for SARIF and the language server.
#pragma once

#include <optional>
#include <string>

namespace alint {

// Percent-encodes everything but unreserved characters and '/'.
std::string percentEncode(const std::string &s);
// file:// URI of a path made absolute against the working folder.
std::string fileUri(const std::string &path);
// The path of a file:// URI, percent-decoded (file:///a%20b -> /a b,
// file://localhost/x -> /x); nullopt for another scheme or a bad escape.
std::optional<std::string> uriToPath(const std::string &uri);

} // namespace alint
