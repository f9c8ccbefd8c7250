//! The file system as the engine sees it: DOS drives mapped by the front end to roots it
//! chooses, and the operations the disk layer (`dos`) needs beneath them.
