10 REM ATN(1) is .7853983 on GW (an IEEE single atan gives .7853982)
20 PRINT ATN(1); ATN(-1); ATN(1.5); ATN(.2); ATN(256); ATN(0)
30 PRINT 4 * ATN(1); ATN(1) * 4#
