// lint: --target=ascend910b
// A column-block transpose-out: iteration c writes one 32-byte block into each
// of ROWS rows of the output, COLS blocks wide, so consecutive iterations
// interleave block by block. Their spans overlap but no byte is written twice:
// the footprint of a strided copy is its blocks, not its span.
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
      DataCopy(yGm[c * BLOCK], t, p);
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
