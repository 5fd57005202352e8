// Ascend 950 register API (Reg / MicroAPI), SIMT API and C API call shapes
// as production kernels write them.
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"
#include "c_api/asc_simd.h"

using namespace AscendC;

template <typename T>
__aicore__ inline void RegBody(LocalTensor<T> &dst, LocalTensor<T> &src, uint32_t count) {
    constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(T);
    uint16_t loops = (count + VL - 1) / VL;
    __VEC_SCOPE__ {
        __ubuf__ T *s = (__ubuf__ T *)src.GetPhyAddr();
        __ubuf__ T *d = (__ubuf__ T *)dst.GetPhyAddr();
        static constexpr Reg::DivSpecificMode mode = {Reg::MaskMergeMode::ZEROING, true};
        static constexpr Reg::CastTrait trait = {Reg::RegLayout::ZERO, Reg::SatMode::NO_SAT,
                                                 Reg::MaskMergeMode::ZEROING, RoundMode::CAST_RINT};
        Reg::RegTensor<T, Reg::RegTraitNumOne> a, b, c;
        Reg::RegTensor<float> f;
        Reg::RegTensor<int64_t, Reg::RegTraitNumTwo> wide;
        Reg::UnalignReg u;
        Reg::MaskReg all = Reg::CreateMask<T, Reg::MaskPattern::ALL>();
        for (uint16_t i = 0; i < loops; i++) {
            Reg::MaskReg mask = Reg::UpdateMask<T, Reg::RegTraitNumOne>(count);
            Reg::LoadAlign(a, s + i * VL);
            Reg::LoadAlign<T, Reg::LoadDist::DIST_BRC_B16>(b, s);
            Reg::Duplicate(c, (T)1, mask);
            Reg::Div<T, &mode>(c, a, b, mask);
            Reg::Cast<float, T, trait>(f, a, mask);
            Reg::Muls<float, float, Reg::MaskMergeMode::ZEROING>(f, f, 2.0f, mask);
            Reg::Reduce<ReduceType::SUM, float, float, Reg::MaskMergeMode::ZEROING>(f, f, mask);
            Reg::Compare<T, CMPMODE::GT>(mask, a, b, all);
            Reg::Select(c, a, b, mask);
            Reg::StoreAlign(d + i * VL, c, mask);
            Reg::LocalMemBar<Reg::MemType::VEC_STORE, Reg::MemType::VEC_LOAD>();
            Reg::LoadUnAlignPre(u, s);
            Reg::LoadUnAlign(a, u, s);
        }
        Reg::StoreAlign<T, Reg::PostLiteral::POST_MODE_UPDATE>(d, c, VL, all);
        MicroAPI::Duplicate(wide, (int64_t)0, all);
    }
}

__simd_vf__ inline void AddVf(__ubuf__ float *dst, __ubuf__ float *src, uint32_t n) {
    Reg::RegTensor<float> r;
    Reg::MaskReg m = Reg::UpdateMask<float>(n);
    Reg::LoadAlign(r, src);
    Reg::Adds(r, r, 1.0f, m);
    Reg::StoreAlign(dst, r, m);
}

__simt_vf__ __aicore__ LAUNCH_BOUND(256) inline void Hist(__gm__ float *x, __ubuf__ uint32_t *bins, uint32_t n) {
    for (uint32_t i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x) {
        float v = asc_ldcg(x + i);
        asc_atomic_add(bins + static_cast<uint32_t>(v), 1u);
    }
    asc_syncthreads();
    float s = asc_shfl_down(1.0f, 1);
    asc_stcg(x, s);
}

extern "C" __global__ __aicore__ void reg_simt_950(GM_ADDR x, GM_ADDR y) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 8192);
    LocalTensor<float> s = buf.Get<float>();
    LocalTensor<float> d = s[1024];
    RegBody(d, s, 1024);
    asc_vf_call<AddVf>((__ubuf__ float *)d.GetPhyAddr(), (__ubuf__ float *)s.GetPhyAddr(), 64u);
    asc_vf_call<Hist>(dim3{256, 1, 1}, (__gm__ float *)x, (__ubuf__ uint32_t *)s.GetPhyAddr(), 64u);
    Simt::VF_CALL<Hist>(Simt::Dim3(256), (__gm__ float *)y, (__ubuf__ uint32_t *)s.GetPhyAddr(), 64u);
    asc_init();
    int64_t b = asc_get_block_idx();
    asc_copy_gm2ub_sync((__ubuf__ void *)s.GetPhyAddr(), (__gm__ void *)(x + b), 256);
}
