# a job told as done, right after its verb (在字节跳动做了四年, 在银行当过柜员): no current employer. Read by zh
# rules.job_employer
(?:了|过)
