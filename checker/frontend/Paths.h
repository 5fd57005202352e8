// Run-time locations the tool needs: the bundled AscendC API headers and the
// Clang resource directory (builtin headers such as stddef.h). Both are found
// relative to the executable first, so an installed or copied binary works,
// then at the paths recorded at build time.
#pragma once

#include <string>

namespace alint {

void setExecutablePath(const std::string &argv0);
std::string findApiDir();      // empty if not found
std::string findResourceDir(); // empty if not found

} // namespace alint
