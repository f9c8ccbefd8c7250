10 REM fact 1: exact RND sequence; printed digits are GW's, not correctly rounded
20 PRINT RND;RND;RND;RND
