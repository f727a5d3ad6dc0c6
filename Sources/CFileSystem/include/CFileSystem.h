// What kind of file system holds a file, where Glibc's Swift module does not say it (statfs).
#ifndef TRADECHART_FILE_SYSTEM_H
#define TRADECHART_FILE_SYSTEM_H

/// 1 when the open file `fd` lies on a file system that other machines write to (NFS,
/// SMB/CIFS, FUSE such as sshfs, 9p, Ceph, AFS, Lustre, GlusterFS...), where inotify hears
/// only this machine's writes; 0 on a local one; -1 when `fstatfs` fails. The list is
/// GNU tail's, which for the same reason polls such files instead of trusting inotify.
int tc_file_system_is_remote(int fd);

#endif
