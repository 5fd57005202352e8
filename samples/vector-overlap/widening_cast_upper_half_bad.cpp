// lint: --target=ascend910b
// half -> float in place from the buffer's exact upper half, with a length
// from the tiling: no repeat overwrites a later repeat's halves, but when the
// halves fill the upper half, the last repeat's floats [4n - 256, 4n) meet
// its own halves [4n - 128, 4n) within the repeat — a partial overlap the
// general rule does not support and the Cast page says may give wrong
// results (a warning: it is not known to fail). The twin
// (widening_cast_upper_half_good.cpp) leaves one repeat's block between them.
#include "kernel_operator.h"

using namespace AscendC;

struct WidenTiling {
  uint32_t n; // elements, a multiple of 64, at most 8192
};

class KernelWidenHalf {
public:
  __aicore__ inline KernelWidenHalf() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t n) {
    n_ = n;
    xGm.SetGlobalBuffer((__gm__ half *)x, n);
    yGm.SetGlobalBuffer((__gm__ float *)y, n);
    pipe.InitBuffer(buf, n * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> f = buf.Get<float>(n_);
    LocalTensor<half> h = buf.GetWithOffset<half>(n_, n_ * sizeof(half));
    DataCopy(h, xGm, n_);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Cast(f, h, RoundMode::CAST_NONE, n_); // expect-warning: vector-overlap
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, f, n_);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm;
  GlobalTensor<float> yGm;
  uint32_t n_ = 0;
};

extern "C" __global__ __aicore__ void widen_half(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  WidenTiling t = *(__gm__ WidenTiling *)tiling;
  if (t.n == 0 || t.n > 8192 || t.n % 64 != 0)
    return;
  KernelWidenHalf op;
  op.Init(x, y, t.n);
  op.Process();
}
