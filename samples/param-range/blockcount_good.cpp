// lint: --target=ascend910b
// The good twin of blockcount_bad.cpp: two copies of 2500 blocks each, within
// the documented maximum of 4095 blocks.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROWS = 5000;
constexpr uint32_t COLS = 8; // one 32-byte block per row

class KernelRows {
public:
  __aicore__ inline KernelRows() {}
  __aicore__ inline void Init(GM_ADDR x) {
    xGm.SetGlobalBuffer((__gm__ float *)x, ROWS * COLS);
    pipe.InitBuffer(buf, ROWS * COLS * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopyParams params(ROWS / 2, 1, 0, 0);
    DataCopy(t, xGm, params);
    DataCopy(t[ROWS / 2 * COLS], xGm[ROWS / 2 * COLS], params);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Muls(t, t, 2.0f, ROWS * COLS);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm;
};

extern "C" __global__ __aicore__ void rows_copy(GM_ADDR x) {
  KernelRows op;
  op.Init(x);
  op.Process();
}
