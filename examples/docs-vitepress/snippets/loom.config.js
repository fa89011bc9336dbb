// #region languages
export default {
  languages: ['de', 'ja'],
};
// #endregion languages
