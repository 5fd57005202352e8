// lint: --target=ascend910b
// The twin of strided_columns_good.cpp with the column step halved: iteration
// c + 1 starts 16 bytes after iteration c, so each of its 32-byte blocks
// overlaps a block the previous copy-out may still be writing.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROWS = 16;
constexpr uint32_t COLS = 8;    // blocks per output row
constexpr uint32_t BLOCK = 8;   // floats per 32-byte block

class KernelColumns {
public:
  __aicore__ inline KernelColumns() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, ROWS * BLOCK);
    yGm.SetGlobalBuffer((__gm__ float *)y, ROWS * COLS * BLOCK);
    pipe.InitBuffer(buf, ROWS * BLOCK * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, ROWS * BLOCK);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    for (uint32_t c = 0; c < COLS; ++c) {
      DataCopyParams p{ROWS, 1, 0, COLS - 1};
      DataCopy(yGm[c * BLOCK / 2], t, p); // expect: sync-race
    }
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void columns(GM_ADDR x, GM_ADDR y) {
  KernelColumns op;
  op.Init(x, y);
  op.Process();
}
