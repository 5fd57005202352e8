// A row of 16 halves (32 bytes) with 8 halves of right padding: each UB
// block holds 32 + 16 = 48 bytes, rounded up to 64, so four rows take 256
// bytes. The buffer is sized for the rows alone (4 x 32 = 128 bytes, what
// the rows would take without the padding): the padded rows land past it.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROWS = 4;
constexpr uint32_t COLS = 16;
constexpr uint32_t PAD = 8;
constexpr uint32_t BLOCK = 32; // a padded row in halves: (16 + 8) x 2 bytes rounded up to 64

class KernelPadRows {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ half *)x, ROWS * COLS);
    yGm.SetGlobalBuffer((__gm__ half *)y, ROWS * BLOCK);
    pipe.InitBuffer(buf, ROWS * COLS * sizeof(half));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> t = buf.Get<half>();
    DataCopyExtParams copyParams{ROWS, COLS * sizeof(half), 0, 0, 0};
    DataCopyPadExtParams<half> padParams{true, 0, PAD, 0};
    DataCopyPad(t, xGm, copyParams, padParams); // expect: bounds-local
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, ROWS * BLOCK); // expect: bounds-local
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm, yGm;
};

extern "C" __global__ __aicore__ void pad_rows(GM_ADDR x, GM_ADDR y) {
  KernelPadRows op;
  op.Init(x, y);
  op.Process();
}
