// lint: --target=ascend910b
// `if (workspace == nullptr) return;` at the top of a kernel: whether the
// host passed a null pointer is an input like the tiling (it was a value the
// frontend lost, and every finding that depends on the tiling after the check
// was unknown), so the copies after the check are verified for every tiling
// on the path where it is not null. Bad: the copy-in moves a fixed 2048
// elements: past the tile and the input whenever the tile is shorter, and
// short of a longer tile, whose rest the multiply reads uninitialised.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

struct RowTiling {
  uint32_t tileLength;
  uint32_t tileNum;
};

class ScaleRows {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const RowTiling &t, TPipe *pipe) {
    ASCENDC_ASSUME(t.tileLength >= 16 && t.tileLength <= 4096 && t.tileLength % 16 == 0);
    ASCENDC_ASSUME(t.tileNum >= 1 && t.tileNum <= 64);
    tileLength_ = t.tileLength;
    tileNum_ = t.tileNum;
    xGm_.SetGlobalBuffer((__gm__ half *)x, tileLength_ * tileNum_);
    yGm_.SetGlobalBuffer((__gm__ half *)y, tileLength_ * tileNum_);
    pipe->InitBuffer(inQueue_, 2, tileLength_ * sizeof(half));
    pipe->InitBuffer(outQueue_, 2, tileLength_ * sizeof(half));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tileNum_; ++i) {
      LocalTensor<half> x = inQueue_.AllocTensor<half>();
      DataCopy(x, xGm_[i * tileLength_], 2048); // expect-warning: bounds-global, bounds-local
      inQueue_.EnQue(x);
      LocalTensor<half> xIn = inQueue_.DeQue<half>();
      LocalTensor<half> y = outQueue_.AllocTensor<half>();
      Muls(y, xIn, (half)2, tileLength_); // expect-warning: uninit-read
      outQueue_.EnQue(y);
      inQueue_.FreeTensor(xIn);
      LocalTensor<half> yOut = outQueue_.DeQue<half>();
      DataCopy(yGm_[i * tileLength_], yOut, tileLength_);
      outQueue_.FreeTensor(yOut);
    }
  }

private:
  uint32_t tileLength_ = 0;
  uint32_t tileNum_ = 0;
  TQue<QuePosition::VECIN, 2> inQueue_;
  TQue<QuePosition::VECOUT, 2> outQueue_;
  GlobalTensor<half> xGm_, yGm_;
};

extern "C" __global__ __aicore__ void scale_rows(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  if (workspace == nullptr) {
    return;
  }
  TPipe pipe;
  ScaleRows op;
  op.Init(x, y, *(__gm__ RowTiling *)tiling, &pipe);
  op.Process();
}
