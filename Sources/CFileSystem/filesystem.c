#include "CFileSystem.h"

#ifdef __linux__
#include <sys/vfs.h>

int tc_file_system_is_remote(int fd) {
    struct statfs info;
    if (fstatfs(fd, &info) != 0) return -1;
    switch ((unsigned long)info.f_type) {
    case 0x6969UL:       // NFS
    case 0x517BUL:       // SMB
    case 0xFF534D42UL:   // CIFS
    case 0xFE534D42UL:   // SMB2
    case 0x65735546UL:   // FUSE (sshfs, s3fs, rclone...)
    case 0x01021997UL:   // 9p (v9fs: WSL, virtual machines' shared folders)
    case 0x00C36400UL:   // Ceph
    case 0x5346414FUL:   // AFS
    case 0x6B414653UL:   // kAFS
    case 0x73757245UL:   // Coda
    case 0x564CUL:       // NCP
    case 0x0BD00BD0UL:   // Lustre
    case 0x47504653UL:   // GPFS
    case 0xAAD7AAEAUL:   // PanFS
    case 0x01161970UL:   // GFS2
    case 0x7461636FUL:   // OCFS2
    case 0x786F4256UL:   // VirtualBox shared folders
    case 0xBACBACBCUL:   // VMware shared folders (vmhgfs)
    case 0x013111A8UL:   // IBRIX
    case 0x19830326UL:   // fhgfs (BeeGFS)
        return 1;
    default:
        return 0;
    }
}
#else
int tc_file_system_is_remote(int fd) { (void)fd; return -1; }
#endif
