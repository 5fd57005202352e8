// lint: --target=ascend910b
// A range-for over a constexpr array of GM offsets is walked element by element.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t OFFSETS[3] = {0, 1024, 4096};

extern "C" __global__ __aicore__ void range_for(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, 4096);
  pipe.InitBuffer(buf, 1024 * sizeof(half));
  LocalTensor<half> t = buf.Get<half>();
  for (auto off : OFFSETS) {
    DataCopy(t, xGm[off], 1024); // expect-error: bounds-global
    PipeBarrier<PIPE_MTE2>();
  }
}
