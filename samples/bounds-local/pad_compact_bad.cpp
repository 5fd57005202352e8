// lint: --target=ascend950
// The twin of pad_compact_good.cpp in the Normal padding mode: each 48-byte
// row is padded to 64 bytes in UB, 192 bytes for three rows, past the
// 160-byte buffer.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROWS = 3;
constexpr uint32_t COLS = 24;
constexpr uint32_t PACKED = 80; // ceil(ROWS * COLS * 2 / 32) * 32 / 2

class KernelPackRows {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ half *)x, ROWS * COLS);
    yGm.SetGlobalBuffer((__gm__ half *)y, PACKED);
    pipe.InitBuffer(buf, PACKED * sizeof(half));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> t = buf.Get<half>();
    DataCopyExtParams copyParams{ROWS, COLS * sizeof(half), 0, 0, 0};
    DataCopyPadExtParams<half> padParams{true, 0, 0, 0};
    DataCopyPad(t, xGm, copyParams, padParams); // expect: bounds-local
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopyExtParams outParams{1, ROWS * COLS * sizeof(half), 0, 0, 0};
    DataCopyPad(yGm, t, outParams);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm, yGm;
};

extern "C" __global__ __aicore__ void pack_rows(GM_ADDR x, GM_ADDR y) {
  KernelPackRows op;
  op.Init(x, y);
  op.Process();
}
