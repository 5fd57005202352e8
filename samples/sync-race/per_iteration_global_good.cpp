// lint: --target=ascend910b --target=ascend950
// A GlobalTensor set up inside the loop, one output row per iteration: the
// MTE3 copies of two iterations write different rows, so nothing needs to
// order them. (The race check used to compare both iterations at the first
// iteration's row and reported a write-after-write error.)
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROWS = 8;
constexpr uint32_t COLS = 1024;

class KernelRowFill {
public:
  __aicore__ inline KernelRowFill() {}
  __aicore__ inline void Init(GM_ADDR y) {
    y_ = y;
    pipe.InitBuffer(buf, COLS * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 1.0f, COLS);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    for (uint32_t r = 0; r < ROWS; ++r) {
      GlobalTensor<float> row;
      row.SetGlobalBuffer((__gm__ float *)y_ + r * COLS, COLS);
      DataCopy(row, t, COLS);
    }
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GM_ADDR y_ = nullptr;
};

extern "C" __global__ __aicore__ void row_fill(GM_ADDR y) {
  KernelRowFill op;
  op.Init(y);
  op.Process();
}
