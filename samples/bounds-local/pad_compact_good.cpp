// lint: --target=ascend950
// Rows of 24 halves (48 bytes, not a whole 32-byte block) copied in with
// DataCopyPad in PaddingMode::Compact (950): the rows lie back to back in UB
// and only the end is padded to 32 bytes, 3 x 48 = 144 -> 160 bytes, which
// is what the 80-half buffer holds. (In the Normal mode each row would take
// 64 bytes: pad_compact_bad.cpp.)
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
    DataCopyPad<half, PaddingMode::Compact>(t, xGm, copyParams, padParams);
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
