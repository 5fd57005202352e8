// A file's structured result as JSON and back, exactly: what -j worker
// processes send to the driver and what the result cache stores. (Not the
// public --format=json, which is docs/json-format.md.)
#pragma once

#include "cli/Driver.h"

#include <optional>
#include <string>

namespace alint {

std::string fileResultToText(const FileResult &fr);
// nullopt when the text is not a complete result (a truncated cache entry).
std::optional<FileResult> fileResultFromText(const std::string &text);

} // namespace alint
