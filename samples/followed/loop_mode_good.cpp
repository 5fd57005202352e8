// lint: --target=ascend950
// Ascend 950 DMA loop mode: SetLoopModePara makes the next GM -> UB
// DataCopyPad run loop1Size times, loop1SrcStride / loop1DstStride bytes
// further each time (SetLoopModePara.md). Four 256-byte rows of a GM matrix
// go to four consecutive 256-byte UB rows: everything fits, and the copy out
// after ResetLoopModePara is a plain one.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROWS = 4, COLS = 64, PITCH = 512; // floats

extern "C" __global__ __aicore__ void gather_rows(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, ROWS * COLS * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, ROWS * PITCH);
  yGm.SetGlobalBuffer((__gm__ float *)y, ROWS * COLS);
  LocalTensor<float> t = buf.Get<float>();
  LoopModeParams lp{ROWS, 1, PITCH * sizeof(float), COLS * sizeof(float), 0, 0};
  SetLoopModePara(lp, DataCopyMVType::OUT_TO_UB);
  DataCopyPad(t, xGm, DataCopyExtParams{1, COLS * sizeof(float), 0, 0, 0},
              DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
  ResetLoopModePara(DataCopyMVType::OUT_TO_UB);
  SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  DataCopy(yGm, t, ROWS * COLS);
}
