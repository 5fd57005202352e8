// lint: --target=ascend910b
// 5000 rows of 8 floats copied as one strided DataCopy: blockCount fits its
// uint16_t field but exceeds the documented maximum of 4095 blocks.
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
    DataCopyParams params(ROWS, 1, 0, 0); // expect-error: param-range
    DataCopy(t, xGm, params);
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
