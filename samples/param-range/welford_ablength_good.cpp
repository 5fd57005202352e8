// lint: --target=ascend950
// The last step of a split LayerNorm: NSTAT partial means and variances, one
// per block of the reduce axis, reduced by WelfordFinalize to one mean and one
// variance. WelfordFinalize's abLength must be a multiple of
// 32 / sizeof(float) = 8 (asc-devkit docs/zh/api/SIMD-API/高阶API/归一化操作/
// WelfordFinalize.md, 约束说明): the statistics are padded to a whole block
// (means 0, counts 0) and finalised with abLength 8.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t NSTAT = 4;      // partial statistics from the update steps
constexpr uint32_t STAT_BLOCK = 8; // one 32-byte block of floats

class KernelWelfordFinal {
public:
  __aicore__ inline KernelWelfordFinal() {}
  __aicore__ inline void Init(GM_ADDR mean, GM_ADDR var, GM_ADDR cnt, GM_ADDR finalMean, GM_ADDR finalVar) {
    meanGm.SetGlobalBuffer((__gm__ float *)mean, STAT_BLOCK);
    varGm.SetGlobalBuffer((__gm__ float *)var, STAT_BLOCK);
    cntGm.SetGlobalBuffer((__gm__ int32_t *)cnt, STAT_BLOCK);
    outMeanGm.SetGlobalBuffer((__gm__ float *)finalMean, STAT_BLOCK);
    outVarGm.SetGlobalBuffer((__gm__ float *)finalVar, STAT_BLOCK);
    pipe.InitBuffer(inMean, 1, STAT_BLOCK * sizeof(float));
    pipe.InitBuffer(inVar, 1, STAT_BLOCK * sizeof(float));
    pipe.InitBuffer(inCnt, 1, STAT_BLOCK * sizeof(int32_t));
    pipe.InitBuffer(outMean, 1, STAT_BLOCK * sizeof(float));
    pipe.InitBuffer(outVar, 1, STAT_BLOCK * sizeof(float));
    pipe.InitBuffer(tmpBuf, 1024);
  }
  __aicore__ inline void Process() {
    CopyIn();
    Compute();
    CopyOut();
  }

private:
  __aicore__ inline void CopyIn() {
    LocalTensor<float> m = inMean.AllocTensor<float>();
    LocalTensor<float> v = inVar.AllocTensor<float>();
    LocalTensor<int32_t> c = inCnt.AllocTensor<int32_t>();
    DataCopy(m, meanGm, STAT_BLOCK); // NSTAT values, then zeros
    DataCopy(v, varGm, STAT_BLOCK);
    DataCopy(c, cntGm, STAT_BLOCK);
    inMean.EnQue(m);
    inVar.EnQue(v);
    inCnt.EnQue(c);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> m = inMean.DeQue<float>();
    LocalTensor<float> v = inVar.DeQue<float>();
    LocalTensor<int32_t> c = inCnt.DeQue<int32_t>();
    LocalTensor<float> fm = outMean.AllocTensor<float>();
    LocalTensor<float> fv = outVar.AllocTensor<float>();
    LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
    Duplicate(fm, 0.0f, STAT_BLOCK);
    Duplicate(fv, 0.0f, STAT_BLOCK);
    WelfordFinalizePara fp = {1, STAT_BLOCK, 0, 0, 0, 0, 1.0f / STAT_BLOCK, 1.0f / (NSTAT * 64), 0.0f};
    WelfordFinalize(fm, fv, m, v, c, tmp, fp);
    outMean.EnQue(fm);
    outVar.EnQue(fv);
    inMean.FreeTensor(m);
    inVar.FreeTensor(v);
    inCnt.FreeTensor(c);
  }
  __aicore__ inline void CopyOut() {
    LocalTensor<float> fm = outMean.DeQue<float>();
    LocalTensor<float> fv = outVar.DeQue<float>();
    DataCopy(outMeanGm, fm, STAT_BLOCK);
    DataCopy(outVarGm, fv, STAT_BLOCK);
    outMean.FreeTensor(fm);
    outVar.FreeTensor(fv);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, 1> inMean, inVar, inCnt;
  TQue<TPosition::VECOUT, 1> outMean, outVar;
  TBuf<TPosition::VECCALC> tmpBuf;
  GlobalTensor<float> meanGm, varGm, outMeanGm, outVarGm;
  GlobalTensor<int32_t> cntGm;
};

extern "C" __global__ __aicore__ void welford_final(GM_ADDR mean, GM_ADDR var, GM_ADDR cnt, GM_ADDR finalMean,
                                                   GM_ADDR finalVar) {
  KernelWelfordFinal op;
  op.Init(mean, var, cnt, finalMean, finalVar);
  op.Process();
}
