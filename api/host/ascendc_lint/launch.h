// ascendc-lint: a direct launch `kernel<<<blocks, l2ctrl, stream>>>(args)`
// reads as `(__alint_launch(blocks, l2ctrl, stream), kernel)(args)` to the
// host reader (checker/host/HostInterp.cpp, readDirectLaunch), which keeps
// the block count. Declared only: the reader models it.
#pragma once
template <class... T> void __alint_launch(const T &...);
