// Included only when a host file does not compile without it (a second
// read, checker/host/HostInterp.cpp readTilingFunction): operator host code
// names standard-library templates unqualified (`vector<int64_t> v(n, 0)`,
// ops-math mem_set_v2), found in the real build through ops-base headers
// that are not part of this repository.
#pragma once
namespace std {}
using namespace std;
