// lint: --target=ascend910b
// A helper that takes the tensors by pointer still sees their buffers.
#include "kernel_operator.h"

using namespace AscendC;

__aicore__ inline void Load(LocalTensor<half> *dst, GlobalTensor<half> *src, uint32_t n) {
  DataCopy(*dst, (*src)[0], n); // expect-error: bounds-local
}

extern "C" __global__ __aicore__ void pointer_helper(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, 4096);
  pipe.InitBuffer(buf, 1024 * sizeof(half));
  LocalTensor<half> t = buf.Get<half>();
  Load(&t, &xGm, 2048);
}
