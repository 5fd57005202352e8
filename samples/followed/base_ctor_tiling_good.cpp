// lint: --target=ascend910b
// The tiling pointer is kept by a base class's constructor (`: KernelBase(tiling)`),
// as operator libraries share one base among their kernels: the derived
// kernel's copies are sized by the fields read through it.
#include "kernel_operator.h"

using namespace AscendC;

struct RowTiling {
  uint32_t tileLength;
  uint32_t tileNum;
};

class KernelBase {
public:
  __aicore__ inline KernelBase(const RowTiling *tiling) : tiling_(tiling), blockIdx_(GetBlockIdx()) {}

protected:
  const RowTiling *tiling_;
  uint32_t blockIdx_;
};

template <typename T> class RowCopy : public KernelBase {
public:
  __aicore__ inline RowCopy(TPipe *pipe, const RowTiling *tiling) : KernelBase(tiling), pipe_(pipe) {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    uint32_t perCore = tiling_->tileLength * tiling_->tileNum;
    xGm_.SetGlobalBuffer((__gm__ T *)x + blockIdx_ * perCore, perCore);
    yGm_.SetGlobalBuffer((__gm__ T *)y + blockIdx_ * perCore, perCore);
    pipe_->InitBuffer(inQueue_, 2, tiling_->tileLength * sizeof(T));
    pipe_->InitBuffer(outQueue_, 2, tiling_->tileLength * sizeof(T));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tiling_->tileNum; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

private:
  __aicore__ inline void CopyIn(uint32_t i) {
    LocalTensor<T> x = inQueue_.AllocTensor<T>();
    DataCopy(x, xGm_[i * tiling_->tileLength], tiling_->tileLength);
    inQueue_.EnQue(x);
  }
  __aicore__ inline void Compute() {
    LocalTensor<T> x = inQueue_.DeQue<T>();
    LocalTensor<T> y = outQueue_.AllocTensor<T>();
    Adds(y, x, (T)1, tiling_->tileLength);
    outQueue_.EnQue(y);
    inQueue_.FreeTensor(x);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<T> y = outQueue_.DeQue<T>();
    DataCopy(yGm_[i * tiling_->tileLength], y, tiling_->tileLength);
    outQueue_.FreeTensor(y);
  }

  TPipe *pipe_;
  TQue<QuePosition::VECIN, 2> inQueue_;
  TQue<QuePosition::VECOUT, 2> outQueue_;
  GlobalTensor<T> xGm_, yGm_;
};

extern "C" __global__ __aicore__ void row_copy(GM_ADDR x, GM_ADDR y) {
  RowTiling tiling{2048, 4};
  TPipe pipe;
  RowCopy<float> op(&pipe, &tiling);
  op.Init(x, y);
  op.Process();
}
