10 REM fact 11: ^ and SQR work in single precision even for doubles
20 PRINT 10#^15; SQR(2#)*1#
