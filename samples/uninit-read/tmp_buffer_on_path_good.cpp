// lint: --target=ascend910b
// The twin of tmp_buffer_on_path_bad.cpp: the temporary buffer is a fixed
// 8 KiB TBuf, given to the advanced-math call on every path.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024;

struct CeilTiling {
  uint32_t tmpBytes; // GetCeilMaxMinTmpSize's minimum, from the host
};

class KernelCeilTile {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CeilTiling &t) {
    tmpBytes_ = t.tmpBytes;
    xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
    pipe.InitBuffer(inQ, 1, TILE * sizeof(float));
    pipe.InitBuffer(outQ, 1, TILE * sizeof(float));
    pipe.InitBuffer(tmpBuf, 8192);
  }
  __aicore__ inline void Process() {
    LocalTensor<float> x = inQ.AllocTensor<float>();
    DataCopy(x, xGm, TILE);
    inQ.EnQue(x);
    x = inQ.DeQue<float>();
    LocalTensor<float> y = outQ.AllocTensor<float>();
    LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
    Ceil<float, false>(y, x, tmp, TILE);
    outQ.EnQue(y);
    inQ.FreeTensor(x);
    y = outQ.DeQue<float>();
    DataCopy(yGm, y, TILE);
    outQ.FreeTensor(y);
  }

private:
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQ;
  TQue<QuePosition::VECOUT, 1> outQ;
  TBuf<TPosition::VECCALC> tmpBuf;
  GlobalTensor<float> xGm, yGm;
  uint32_t tmpBytes_;
};

extern "C" __global__ __aicore__ void ceil_tile(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(CeilTiling, t, tiling);
  KernelCeilTile op;
  op.Init(x, y, t);
  op.Process();
}
