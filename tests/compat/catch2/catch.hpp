// Catch2 v3 under the v2 single-header name the tests include: v3 split
// the header and moved Approx into namespace Catch.
#pragma once

#include <catch2/catch_all.hpp>

using Catch::Approx;
